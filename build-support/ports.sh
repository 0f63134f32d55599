# Sourced by the scripts that start servers on loopback.

# free_port: a port on 127.0.0.1 nothing listens on now
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# await_port PORT TRIES: true once something accepts connections on 127.0.0.1:PORT, trying every 0.1 s
await_port() {
  local i
  for i in $(seq "$2"); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $1), 0.1)" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

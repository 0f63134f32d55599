# Runs a command while a busy loop competes for each core, to show that the tests do not need an idle machine.
#
#   . build-support/cpu-hog.sh
#   with_cpu_hog ./mvnw verify
#
# The loops are plain bash at the command's own priority, and each ends by itself after CPU_HOG_SECONDS (default an
# hour) should this shell die before it can stop them.

with_cpu_hog() {
  local hogs=() i status=0
  for ((i = 0; i < $(nproc); i++)); do
    timeout "${CPU_HOG_SECONDS:-3600}" bash -c 'while :; do :; done' &
    hogs+=($!)
  done
  echo "with_cpu_hog: ${#hogs[@]} busy loops running beside: $*" >&2
  "$@" || status=$?
  kill "${hogs[@]}" 2>/dev/null || true
  wait "${hogs[@]}" 2>/dev/null || true
  return "$status"
}

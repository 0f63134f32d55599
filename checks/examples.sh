#!/usr/bin/env bash
# Stride as a dependency, exactly as docs/install.md tells it, run as a user types it: a clean environment (`env -i`
# with HOME and PATH=/usr/local/bin:/usr/bin:/bin, so `java` is the system's, 17 on Debian, and `mvn` the system's),
# JAVA_HOME only where the page sets it. Checks that the page quotes every file of the example projects
# (examples/library, arrow, spark) as it is, and README.md their main methods or the part of one between its
# `// README:begin` and `// README:end` comments (its blocks between <!-- examples/FILE#main:begin --> and
# <!-- examples/FILE#main:end -->, or #README); runs the page's install command in this
# clone, then for each example copies its files into a fresh directory, runs the page's build and run commands there
# and compares what the run prints with the page's output block. Each piece is the fenced block between
# <!-- NAME:begin --> and <!-- NAME:end --> in docs/install.md. Then runs the launcher through a chain of symbolic
# links from a folder on PATH, and the page's pipe from `stride export` into pyarrow where a python with pyarrow can
# be had. Prints its time; a few minutes (the install builds every module; Spark's example starts a local session).
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
cd "$root"
docs="$root/docs/install.md"
start=$SECONDS

# the fenced block between the markers named $1 of the page $2 (default docs/install.md), without its fences
block() {
  local page="${2:-$docs}" text
  text="$(awk -v begin="<!-- $1:begin -->" -v end="<!-- $1:end -->" '$0 == end { on = 0 } on { print } $0 == begin { on = 1 }' "$page")"
  [[ -n "$text" ]] || fail "${page#"$root"/} has no block between <!-- $1:begin --> and <!-- $1:end -->"
  [[ "$(head -n 1 <<<"$text")" == '```'* && "$(tail -n 1 <<<"$text")" == '```' ]] \
    || fail "${page#"$root"/}'s block $1 is not one fenced block"
  sed '1d;$d' <<<"$text"
}

# the body of the main method of the Java file $1, without the eight columns of its indentation
main_body() {
  awk '/^    public static void main\(/ { on = 1; next } on && /^    }$/ { exit } on { print }' "$1" | sed 's/^        //'
}

# the lines of the Java file $1 between its `// README:begin` and `// README:end` comments, without the indentation
# of the first
readme_part() {
  awk '/^ *\/\/ README:end$/ { exit } on { print substr($0, cut + 1) } /^ *\/\/ README:begin$/ { match($0, /^ */); cut = RLENGTH; on = 1 }' "$1"
}

# fails unless $2, what an example printed, is the page's block named $1 ($3 names the example)
expect_output() {
  local expected
  expected="$(block "$1")"
  if [[ "$2" != "$expected" ]]; then
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$2") >&2 || true
    fail "$3 printed something else than docs/install.md's $1 block (diff above: < docs, > printed)"
  fi
}

echo "$me: docs/install.md quotes every file of examples/library, arrow and spark as it is"
mapfile -t files < <(git ls-files 'examples/*/*')
for file in "${files[@]}"; do
  diff <(block "$file") "$file" >&2 || fail "docs/install.md quotes $file otherwise than it is (diff above: < docs, > file)"
done
while IFS= read -r quoted; do
  printf '%s\n' "${files[@]}" | grep -qxF "$quoted" || fail "docs/install.md quotes $quoted, which is no file of the examples"
done < <(sed -n 's/^<!-- \(examples\/.*\):begin -->$/\1/p' "$docs")

echo "$me: README.md quotes each example it names as it is: its main method, or its README part"
mapfile -t quotes < <(sed -n 's/^<!-- \(examples\/.*#\(main\|README\)\):begin -->$/\1/p' README.md)
[[ ${#quotes[@]} -gt 0 ]] || fail "README.md quotes no example"
for quote in "${quotes[@]}"; do
  file="${quote%#*}"
  printf '%s\n' "${files[@]}" | grep -qxF "$file" || fail "README.md quotes $file, which is no file of the examples"
  if [[ "${quote#*#}" == main ]]; then body="$(main_body "$file")"; else body="$(readme_part "$file")"; fi
  [[ -n "$body" ]] || fail "$file has no ${quote#*#} part to quote"
  diff <(block "$quote" "$root/README.md") <(printf '%s\n' "$body") >&2 \
    || fail "README.md quotes the ${quote#*#} part of $file otherwise than it is (diff above: < README, > file)"
done

# the JDK 25 the page's `export JAVA_HOME=...` lines stand for on this machine, found as ./stride finds it
jdk="$(find_jdk25)" || fail "$JDK25_MISSING"
clean=(env -i HOME="$HOME" PATH=/usr/local/bin:/usr/bin:/bin)
echo "$me: a clean environment: $("${clean[@]}" bash -c 'mvn -v 2>/dev/null | head -n 1 | sed "s/\x1b\[[0-9;]*m//g"'), java on PATH $("${clean[@]}" bash -c 'java -version 2>&1 | head -n 1')"

make_tmp check

echo "$me: the page's install command, in this clone"
(cd "$root" && "${clean[@]}" bash -e -o pipefail -c "$(block install)") > "$tmp/install.log" 2>&1 \
  || { cat "$tmp/install.log" >&2; fail "the install command failed"; }

# the example $1: its files in a fresh directory, the page's $1-build commands (JAVA_HOME set to this machine's JDK 25
# where they set it), then its $1-run commands in the same shell, whose output must be the page's $1-output
example() {
  local name="$1" project="$tmp/$1" build output
  for file in "${files[@]}"; do
    if [[ "$file" == "examples/$name/"* ]]; then
      mkdir -p "$(dirname "$project/${file#examples/"$name"/}")"
      cp -L "$file" "$project/${file#examples/"$name"/}"
    fi
  done
  build="$(block "$name-build")"
  grep -q '^export JAVA_HOME=' <<<"$build" || fail "docs/install.md's $name-build block sets no JAVA_HOME"
  build="$(sed "s|^export JAVA_HOME=.*|export JAVA_HOME=$jdk|" <<<"$build")"
  output="$(cd "$project" && "${clean[@]}" bash -e -o pipefail -c "{
$build
} > $(printf %q "$tmp/$name-build.log") 2>&1
$(block "$name-run")" 2> "$tmp/$name-run.log")" || {
    cat "$tmp/$name-build.log" "$tmp/$name-run.log" >&2
    fail "the $name example failed (its build's and run's output above)"
  }
  expect_output "$name-output" "$output" "the $name example"
  echo "$me: the $name example printed the page's output ($((SECONDS - start)) s)"
}

echo "$me: the examples with the page's commands, JAVA_HOME=$jdk where the page sets it"
example library
example arrow
example spark

echo "$me: the launcher through symbolic links on PATH, from another directory"
mkdir -p "$tmp/bin" "$tmp/links" "$tmp/elsewhere"
ln -s "$root/stride" "$tmp/links/stride"
ln -s ../links/stride "$tmp/bin/stride"   # a relative link to a link
# STRIDE_NO_AOT: the launcher would first record its AOT cache (every command over small arrays) for the freshly installed jar
version="$(cd "$tmp/elsewhere" && STRIDE_NO_AOT=1 PATH="$tmp/bin:$PATH" stride --version | head -n 1)"
expected_version="stride $(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$root/pom.xml" | head -n 1)"
[[ "$version" == "$expected_version" ]] || fail "stride --version through a link printed '$version', not '$expected_version'"
echo "$me: $version through a link"

# the README shows the same pipe and output, so running this page's runs the README's
pipe_and_output() {
  sed -n '/^<!-- export-pipe:begin -->$/,/^<!-- export-output:end -->$/p' "$1"
}
diff <(pipe_and_output "$root/docs/install.md") <(pipe_and_output "$root/README.md") >&2 \
  || fail "README.md's export pipe or its output differs from docs/install.md's (diff above: < docs, > README)"

echo "$me: the page's pipe from stride export into Python's pyarrow"
# python3 is the peers' python (../shared/peers/setup.sh) with pyarrow, where this machine can make it; else skipped
if [[ -x "$root/../shared/peers/setup.sh" ]] && shared="$(cd "$root/../shared" && pwd)" \
    && py="$(peers_python pyarrow 2>/dev/null)"; then
  output="$(cd "$root" && env -i HOME="$HOME" PATH="$(dirname "$py"):/usr/local/bin:/usr/bin:/bin" \
    bash -e -o pipefail -c "$(block export-pipe)")"
  expect_output export-output "$output" "the export pipe"
  echo "$me: the export pipe printed the page's output"
else
  notice "no python with pyarrow could be made here; the page's export pipe was not run"
fi

echo "$me: passed in $((SECONDS - start)) s"

#!/usr/bin/env bash
# Runs the README's set-up block as a new user on a fresh machine would: in a fresh `git clone` of this repository's
# HEAD, with JAVA_HOME unset and /usr/bin first on PATH (where Debian's java is 17), so that ./stride and ./mvnw must
# find the JDK 25 themselves. The block is the one fenced bash block between <!-- setup:begin --> and
# <!-- setup:end --> in README.md; its `git clone` line (and the `cd` into the clone after it) is what this script does
# itself, so it is left out. The rest of the environment goes through: .ci/run's STRIDE_REQUIRE_* make the block's
# ./mvnw verify the CI's test run.
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
cd "$root"
start=$SECONDS

# the block, fences checked and removed
text="$(sed -n '/^<!-- setup:begin -->$/,/^<!-- setup:end -->$/p' README.md | sed '1d;$d')"
[[ -n "$text" ]] || fail "README.md has no block between <!-- setup:begin --> and <!-- setup:end -->"
[[ "$(head -n 1 <<<"$text")" == '```bash' && "$(tail -n 1 <<<"$text")" == '```' \
    && "$(grep -c '^```' <<<"$text")" -eq 2 ]] || fail "the set-up block is not one fenced bash block"
commands="$(sed '1d;$d' <<<"$text" | awk '
  /^git clone / { print "# (made by readme-setup.sh) " $0; cloned = 1; next }
  cloned && /^cd [^ ;&|]+$/ { print "# (made by readme-setup.sh) " $0; cloned = 0; next }
  { cloned = 0; print }')"

# the shared corpus: the clone is not beside ../shared
[[ -n "${STRIDE_SHARED:-}" || ! -d ../shared ]] || STRIDE_SHARED=../shared
if [[ -n "${STRIDE_SHARED:-}" ]]; then
  STRIDE_SHARED="$(cd "$STRIDE_SHARED" && pwd)" || fail "STRIDE_SHARED ($STRIDE_SHARED) is no directory"
  export STRIDE_SHARED
fi

[[ -z "$(git status --porcelain --untracked-files=no)" ]] \
  || notice "uncommitted changes are not in the clone (HEAD is)"
make_tmp setup
git clone -q "$root" "$tmp/stride"
git -C "$tmp/stride" checkout -q --detach "$(git rev-parse HEAD)"

path="/usr/bin:$PATH"
echo "$me: the README's set-up block in a fresh clone, JAVA_HOME unset, java on PATH:" \
  "$(PATH="$path" java -version 2>&1 | head -n 1 || echo none)"
printf '%s\n' "$commands" | sed 's/^/    /'
(cd "$tmp/stride" && env -u JAVA_HOME PATH="$path" bash -e -o pipefail -c "$commands") \
  || fail "the README's set-up block failed in a fresh clone (see above)"
echo "$me: the set-up block passed in $((SECONDS - start)) s"

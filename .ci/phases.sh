# Sourced by .ci/run and .ci/standalone: `phase NAME command…` runs the command and keeps its seconds;
# `phases` prints them, one line each, with the total since the script started.
PHASES=()
PHASES_START=$SECONDS
phase() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  PHASES+=("$(printf '%-44s %5d s' "$name" $((SECONDS - start)))")
}
phases() {
  echo "== ${1:-phases} =="
  printf '%s\n' "${PHASES[@]}"
  printf '%-44s %5d s\n' "total" $((SECONDS - PHASES_START))
}

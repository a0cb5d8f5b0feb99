#!/usr/bin/env bash
# Starts billing-emulator in the background for a CI job, waits until /_emulator/health answers,
# and writes url, token, client-secret and pid to $GITHUB_OUTPUT (the outputs of the GitHub Action
# in action.yml; any file elsewhere). Inputs come as INPUT_* variables, as action.yml passes them:
#   INPUT_PORT (4010; 0 picks a free one), INPUT_TOKEN (the default store's token; random when
#   empty), INPUT_ADMIN_TOKEN, INPUT_ARGS (more start options), INPUT_TIMEOUT (seconds, 60),
#   INPUT_VERSION (the npm version run when the project has none installed: latest).
# It runs the project's own billing-emulator (node_modules/.bin) when there is one, else
# `npx billing-emulator@<version>`. Its output goes to $RUNNER_TEMP/billing-emulator.log.
set -euo pipefail

port="${INPUT_PORT:-4010}"
timeout="${INPUT_TIMEOUT:-60}"
log="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/billing-emulator-$$.log"
output="${GITHUB_OUTPUT:-/dev/stdout}"

if [ -x node_modules/.bin/billing-emulator ]; then
  command=(node_modules/.bin/billing-emulator)
else
  command=(npx --yes "billing-emulator@${INPUT_VERSION:-latest}")
fi
args=(start --port "$port")
if [ -n "${INPUT_TOKEN:-}" ]; then args+=(--token "$INPUT_TOKEN"); fi
if [ -n "${INPUT_ADMIN_TOKEN:-}" ]; then args+=(--admin-token "$INPUT_ADMIN_TOKEN"); fi
read -ra extra <<<"${INPUT_ARGS:-}"

# Detached from the step's output, so the step ends while the emulator keeps running for the job.
nohup "${command[@]}" "${args[@]}" "${extra[@]}" >"$log" 2>&1 </dev/null &
pid=$!

fail() {
  echo "::error::billing-emulator: $1"
  cat "$log" >&2
  kill "$pid" 2>/dev/null || true
  exit 1
}

# The start banner says where it listens (the port may be 0) and the default store's credentials.
field() { sed -n "s/^ *$1: *\\([^ ]*\\).*/\\1/p" "$log" | head -n 1; }
deadline=$((SECONDS + timeout))
url=""
until [ -n "$url" ] && [ -n "$(field 'client secret')" ]; do
  kill -0 "$pid" 2>/dev/null || fail "it exited before listening"
  [ "$SECONDS" -lt "$deadline" ] || fail "not listening after ${timeout}s"
  sleep 0.2
  url="$(sed -n 's/.* listening on \(http[^ ]*\).*/\1/p' "$log" | head -n 1)"
done
until curl -fsS -o /dev/null "$url/_emulator/health"; do
  [ "$SECONDS" -lt "$deadline" ] || fail "$url/_emulator/health did not answer 200 within ${timeout}s"
  sleep 0.2
done

secret="$(field 'client secret')"
# Masked in the job's log from here on.
if [ -n "${GITHUB_ACTIONS:-}" ]; then echo "::add-mask::$secret"; fi
{
  echo "url=$url"
  echo "token=$(field token)"
  echo "client-secret=$secret"
  echo "pid=$pid"
} >>"$output"
echo "billing-emulator is up at $url (log: $log)"

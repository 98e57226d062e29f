#!/usr/bin/env bash
# The real-VS-Code test tier; see scripts/run-vscode-tests.mjs (options) and test/e2e/README.md.
# Prints one SKIP line and exits 0 when the server is not installed (exit 1 with REQUIRE_VSCODE=1).
exec node "$(dirname "${BASH_SOURCE[0]}")/run-vscode-tests.mjs" "$@"

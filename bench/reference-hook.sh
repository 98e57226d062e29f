#!/bin/bash
# The reference hook from VS Code's agent hooks documentation ("block dangerous terminal commands"), written from the
# docs for comparison: read the payload, pull fields out with jq, match with grep, print a JSON decision.
INPUT=$(cat)
TOOL_NAME=$(echo "$INPUT" | jq -r '.tool_name')
COMMAND=$(echo "$INPUT" | jq -r '.tool_input.command // empty')

if [ "$TOOL_NAME" = "run_in_terminal" ]; then
  if echo "$COMMAND" | grep -qE '(rm\s+-rf|DROP\s+TABLE|DROP\s+DATABASE)'; then
    echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Destructive command blocked by security policy"}}'
    exit 0
  fi
fi
echo '{}'

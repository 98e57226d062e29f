/**
 * The payload dialect a hook runner speaks: VS Code Local (snake_case common fields, camelCase tool input),
 * the Copilot CLI's camelCase (`toolName`, `toolArgs`), or Claude-format (snake_case with Claude tool names).
 */
export type Dialect = 'vscode' | 'copilotCli' | 'claude';

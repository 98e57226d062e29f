// What `dist/bridge-shell.js` exports: every tree-sitter grammar the bridge and the extension host load, on one wasm
// runtime, so a process pays for the runtime once whichever grammars a tool call needs.
export { createShellAnalyzer } from './shellGrammars';
export { createCodeParser } from './codeGrammars';

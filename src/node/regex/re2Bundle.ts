// The entry of `dist/bridge-regex.js`: the linear-time regex engine, kept out of the bridge's main bundle so a hook
// call whose policy has no regex rule never parses it (core/policy/textPattern.ts requires it on the first regex).
export { RE2JS } from 're2js';

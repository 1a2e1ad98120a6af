// The module under test: BR_JS_MODULE (make check-wasm sets it to the build
// tree's boardrules.mjs), else the one beside this folder.
const path = process.env.BR_JS_MODULE ?? new URL('../boardrules.mjs', import.meta.url).href;
const url = path.startsWith('file:') ? path : new URL(`file://${path}`).href;
export const { loadBoardrules, BoardrulesError, Status } = await import(url);
export const br = await loadBoardrules();

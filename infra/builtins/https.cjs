// node:https for the bundles, taken as the module object it is (infra/bundling.ts BUILTIN_ALIASES).
module.exports = process.getBuiltinModule('node:https');

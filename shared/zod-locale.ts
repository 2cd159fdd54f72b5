// zod/mini ships no messages; this loads the English ones, once, for every schema module.
// zod/mini itself is used because the tree-shakable build keeps each bundle small and its cold
// start short (docs/performance.md). Import zod as `* as z from 'zod/mini'` in each module, never
// re-export the namespace: a namespace passed around as a value defeats tree-shaking.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

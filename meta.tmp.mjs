import { build } from 'esbuild';
const ext = process.argv.slice(2);
const r = await build({ entryPoints: ['functions/create-invoice/handler.ts'], bundle: true, minify: true, platform: 'node', format: 'esm', target: 'node22', mainFields: ['module','main'], metafile: true, write: false, outfile: '/tmp/out.mjs', external: ext });
const sizes = {};
for (const [file, info] of Object.entries(Object.values(r.metafile.outputs)[0].inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file); const k = m ? m[1] : 'project';
  sizes[k] = (sizes[k] ?? 0) + info.bytesInOutput;
}
console.log((r.outputFiles[0].contents.length/1024).toFixed(0)+'KB total');
console.log(Object.entries(sizes).sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,v])=>`${k} ${(v/1024).toFixed(1)}KB`).join('\n'));

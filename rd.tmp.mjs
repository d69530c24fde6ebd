import { readDocuments } from './dist/workflows/internal/operation-documents.js';
import fs from 'node:fs';
const root='/tmp/opb/checked';
let t=performance.now();
const r = await readDocuments(['web/src/**/*.graphql','web/src/**/*.tsx'], root, root);
console.log('async first', (performance.now()-t).toFixed(1), r.texts.length);
t=performance.now();
await readDocuments(['web/src/**/*.graphql','web/src/**/*.tsx'], root, root);
console.log('async second', (performance.now()-t).toFixed(1));
t=performance.now();
for (const {file} of r.texts) { const p=root+'/'+file; const st=fs.lstatSync(p); fs.realpathSync(p); const fd=fs.openSync(p, fs.constants.O_RDONLY|fs.constants.O_NONBLOCK); fs.fstatSync(fd); const b=Buffer.allocUnsafe(st.size+1); fs.readSync(fd,b,0,b.length,null); fs.closeSync(fd);} 
console.log('sync', (performance.now()-t).toFixed(1));

import { renderCover } from './media/render-cover.js';
import { PNG } from 'pngjs';
import { writeFileSync } from 'node:fs';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const n = 24, s = 200, cols = 6;
const sheet = new PNG({ width: cols * s, height: Math.ceil(n / cols) * s });
const times: string[] = [];
for (let k = 0; k < n; k++) {
  const c = cpu(), t = performance.now();
  const buf = renderCover({ seed: k + 1, title: 'Album ' + k, size: 400 });
  times.push(`${(performance.now() - t).toFixed(0)}/${(cpu() - c).toFixed(0)}(${(buf.length/1024).toFixed(0)}k)`);
  const img = PNG.sync.read(buf);
  for (let y = 0; y < s; y++) for (let x = 0; x < s; x++) {
    const si = ((y * 2) * 400 + x * 2) * 4, di = (((Math.floor(k / cols) * s + y) * cols * s) + (k % cols) * s + x) * 4;
    for (let c2 = 0; c2 < 4; c2++) sheet.data[di + c2] = img.data[si + c2];
  }
}
console.log(times.join(' '));
writeFileSync('/tmp/sheet.png', PNG.sync.write(sheet));

import { renderCover } from './media/render-cover.js';
import { PNG } from 'pngjs';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (let round = 0; round < 3; round++) {
  let c = cpu(), t = performance.now();
  for (let k = 0; k < 30; k++) renderCover({ seed: k + 1, title: 'Album ' + k });
  console.log('avg per cover wall', ((performance.now() - t) / 30).toFixed(1), 'cpu', ((cpu() - c) / 30).toFixed(1));
}
const rgb = Buffer.alloc(400*400*3, 7); for (let i=0;i<rgb.length;i++) rgb[i]= (i*7 + (i>>10)) & 255;
const png = new PNG({ width: 400, height: 400 }); png.data = rgb;
let c = cpu(); for (let k=0;k<30;k++) PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 6 });
console.log('png write only cpu', ((cpu()-c)/30).toFixed(1));

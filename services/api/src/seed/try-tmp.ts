import { synthesizeSong, renderSong } from './media/synth-song.js';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const seed of [1, 2, 3, 4, 5, 6, 1, 2]) {
  let c = cpu(), t = performance.now();
  renderSong(seed, 30);
  const r = [performance.now() - t, cpu() - c];
  c = cpu(); t = performance.now();
  synthesizeSong({ seed, seconds: 30 });
  const e = [performance.now() - t, cpu() - c];
  console.log(seed, 'render wall/cpu', r.map(x=>x.toFixed(0)).join('/'), 'render+encode wall/cpu', e.map(x=>x.toFixed(0)).join('/'));
}

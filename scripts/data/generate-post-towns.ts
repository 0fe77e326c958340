/** Writes data/post-towns.json from post-towns.ts. Run: npx tsx scripts/data/generate-post-towns.ts */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { POST_TOWNS } from './post-towns.ts';

interface PostArea {
  town: string;
  /** outward code ('AB30') → its post town, only where it differs from the area's main town */
  districts: Record<string, string>;
}

const areas: Record<string, PostArea> = {};
for (const line of POST_TOWNS.trim().split('\n')) {
  const [area, town, rangesS] = line.split('|') as [string, string, string];
  const districts: Record<string, string> = {};
  for (const part of rangesS.split(',').filter(Boolean)) {
    const [range, districtTown] = part.split(':') as [string, string];
    const [from, to = from] = range.split('-').map(Number) as [number, number?];
    for (let n = from; n <= to; n++) {
      if (districtTown === town) delete districts[`${area}${n}`];
      else districts[`${area}${n}`] = districtTown;
    }
  }
  areas[area] = { town, districts };
}

const out = path.resolve(import.meta.dirname, '../../data/post-towns.json');
const lines = Object.entries(areas).map(([area, a]) => `${JSON.stringify(area)}:${JSON.stringify(a)}`);
writeFileSync(out, `{\n${lines.join(',\n')}\n}\n`);
console.log(`${Object.keys(areas).length} postcode areas → ${out}`);

// `node dist/db-image.js`: makes the prepared database image, dist/db-image, that a first start
// on a fresh DATA_DIR copies instead of running initdb and the migrations
// (platform/db/prepared-image.ts). A step of the build (scripts/build-steps.mjs).
import path from 'node:path';
import { makePreparedImage, migrationsFolder, preparedImageDir } from './platform/db/index.ts';

const started = performance.now();
const dir = preparedImageDir();
const { migrations, pglite } = await makePreparedImage(dir, migrationsFolder());
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `database image: ${migrations.length} migrations on PGlite ${pglite}, in ${path.relative(process.cwd(), dir)} (${seconds} s)`,
);

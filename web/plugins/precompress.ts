import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; not source maps, which only tools read, nor the manifest. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to each compressible file of
 * the build, when smaller than the file, so that a static server sends them as they are
 * (the local server does, through sirv; CloudFront compresses on its own).
 */
export function precompress(): Plugin {
  return {
    name: 'spaces:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) throw new Error('precompress needs build.outDir');
      // This build's files only: a folder listing could meet another build's files.
      const files = Object.keys(bundle)
        .filter((name) => compressible.test(name) && !name.startsWith('.vite/'))
        .map((name) => path.join(dir, name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

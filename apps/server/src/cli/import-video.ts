import { resolve } from 'node:path';
import { ZodError } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { migrateAndSeed } from '../seed/seed.ts';
import { ffmpegAvailable, importVideoCourse, mediaStoreOf } from '../modules/video/index.ts';
import { runIfEntry } from './run.ts';

const USAGE = `usage: npm run import:video -w apps/server -- <folder>
  The folder holds the source videos and lessons.json (docs/video.md): the subject, teachers, the course, its
  chapters and lessons (file, free, previewSeconds, markers, point ranges). Needs ffmpeg and ffprobe.
  Media go to MEDIA_DIR (default ./media), or the bucket MEDIA_S3_BUCKET; the database is DATA_DIR / DATABASE_URL as for the server.`;

/** The command: 0 imported, 1 refused (nothing imported), 2 usage. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  const folders = argv.filter((a) => !a.startsWith('-'));
  if (folders.length !== 1 || argv.length !== 1) {
    err(USAGE);
    return 2;
  }
  if (!(await ffmpegAvailable())) {
    err('ffmpeg and ffprobe are needed to import video (Debian: apt-get install ffmpeg); nothing was imported');
    return 1;
  }
  const folder = resolve(env.INIT_CWD ?? process.cwd(), folders[0]!);
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    await migrateAndSeed(database);
    const done = await importVideoCourse(database.db, mediaStoreOf(config), folder, new Date());
    for (const l of done.lessons) out(`${l.key}: ${l.durationS} s, ${l.mediaKey}/v${l.mediaVersion}`);
    out(`course ${done.courseId}: ${done.lessons.length} lesson(s) imported`);
    return 0;
  } catch (e) {
    const why = e instanceof ZodError ? e.issues.map((i) => `lessons.json ${i.path.join('.')}: ${i.message}`).join('\n') : e instanceof Error ? e.message : String(e);
    err(`${why}\nnothing was imported`);
    return 1;
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'import:video', (argv) => main(argv));

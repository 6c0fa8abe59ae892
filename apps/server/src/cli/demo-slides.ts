import { resolve } from 'node:path';
import { DEMO_VIDEO_SCRIPT, demoTools, makeDemoSlides } from '../modules/video/index.ts';
import { runIfEntry } from './run.ts';

const USAGE = `usage: npm run demo-slides -w apps/server [-- <script.json>]
  A developer's tool (docs/video.md, "Demo content"): draws each slide of the demo lessons' script with the CJK font
  and reads its narration with espeak-ng, into slides/ and slides.json beside the script, where the text changed.
  Commit what it writes: the server renders the lessons from those files at first start with ffmpeg alone.
  Needs ffmpeg, espeak-ng and fonts-noto-cjk (Debian). Default script: content/demo/video/1001/script.json.`;

/** The command: 0 made (or nothing to make), 1 a tool is missing, 2 usage. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> {
  if (argv.length > 1 || argv.some((a) => a.startsWith('-'))) {
    err(USAGE);
    return 2;
  }
  const tools = await demoTools();
  if ('missing' in tools) {
    err(`${tools.missing} is needed to make the demo slides; nothing was made`);
    return 1;
  }
  const script = argv[0] ? resolve(env.INIT_CWD ?? process.cwd(), argv[0]) : DEMO_VIDEO_SCRIPT;
  const started = Date.now();
  const made = await makeDemoSlides(script, tools);
  out(`demo slides: ${made.stills} still(s) drawn and ${made.narrations} narration(s) read in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

runIfEntry(import.meta.url, 'demo-slides', (argv) => main(argv));

// npm test must work on a fresh machine: the browser journeys need Debian's Chromium at /usr/bin/chromium
// and a CJK font (the tap-target journey measures rendered Chinese text; screenshots must show it).
// We never download a browser. As root we install the Debian packages; otherwise we say the one command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
const hasCjkFont = () => {
  try {
    return execSync('fc-list :lang=zh', { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
};

const need = [];
if (!existsSync(CHROMIUM)) need.push('chromium');
if (!hasCjkFont()) need.push('fonts-noto-cjk');
if (need.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`e2e: missing ${need.join(' and ')}. Install with:\n  sudo apt-get install -y ${need.join(' ')}`);
    process.exit(1);
  }
  console.log(`e2e: installing Debian ${need.join(' ')} (apt-get install -y)…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${need.join(' ')}`, { stdio: 'inherit' });
  if (!existsSync(CHROMIUM) || !hasCjkFont()) {
    console.error(`e2e: ${need.join(' / ')} still missing after apt-get install`);
    process.exit(1);
  }
}

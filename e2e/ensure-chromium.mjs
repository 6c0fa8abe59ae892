// npm test must work on a fresh machine: the browser journeys need Debian's Chromium at /usr/bin/chromium.
// We never download a browser. As root we install the Debian package; otherwise we say the one command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`e2e: ${CHROMIUM} is missing. Install it with:\n  sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('e2e: installing Debian chromium (apt-get install -y chromium)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) {
    console.error('e2e: chromium still missing after apt-get install');
    process.exit(1);
  }
}

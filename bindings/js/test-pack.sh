#!/bin/sh
# The npm package installs offline from its tarball into a fresh folder and
# runs there: npm pack of the package folder (bindings/js/ of the build
# tree, given as PKGDIR), npm install --offline of the tarball into a new
# project, then a game through `import ... from 'boardrules'`. npm comes
# with Node (NodeSource's nodejs package); without npm the test is skipped.
# Usage: test-pack.sh PKGDIR
set -eu
pkg=$(cd "${1:?usage: test-pack.sh PKGDIR}" && pwd)
NODE=${NODE:-node}
NPM=${NPM:-npm}
if ! command -v "$NPM" >/dev/null 2>&1; then
    echo "test-pack.sh: SKIP: no npm"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# npm's cache and settings in the temporary folder: nothing from ~/.npm.
export npm_config_cache="$tmp/cache" npm_config_userconfig="$tmp/npmrc"
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
tarball=$(cd "$pkg" && "$NPM" pack --silent --pack-destination "$tmp")
mkdir "$tmp/app"
cd "$tmp/app"
printf '{"name": "app", "version": "1.0.0", "private": true, "type": "module"}\n' >package.json
"$NPM" install --silent --offline "$tmp/$tarball"
cat >play.mjs <<'JS'
import { loadBoardrules } from 'boardrules';
import { readFileSync } from 'node:fs';
const br = await loadBoardrules();
const pkg = JSON.parse(readFileSync('node_modules/boardrules/package.json', 'utf8'));
if (pkg.version !== br.version) throw new Error(`package ${pkg.version}, library ${br.version}`);
const s = br.newState('tore-der-welt', { players: 3, seed: 7, chance: 'auto' });
while (!s.isTerminal) s.apply(s.legalMoves()[0]);
console.log(`test-pack.sh: ${pkg.name} ${pkg.version} from ${process.argv[2]} installed and played: returns ${s.returns().join(' ')}`);
s.free();
JS
"$NODE" play.mjs "$tarball"

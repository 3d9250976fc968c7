#!/usr/bin/env bash
# Refreshes the Activity's copy of Discord's Embedded App SDK: the published `@discord/embedded-app-sdk` package
# from the npm registry (its ES modules carry their dependencies), bundled into one ES module with esbuild, and
# its licence. Building tablero needs neither Node nor this script; run it (with Node and npm) only to move to
# another release: `bash deploy/refresh/discord-sdk.sh 2.5.0`, then commit `assets/discord/`.
set -euo pipefail
version="${1:?the SDK release to take, such as 2.5.0}"
here="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "@discord/embedded-app-sdk@${version}" >/dev/null
tar xzf "discord-embedded-app-sdk-${version}.tgz"
npm install --silent --no-save esbuild@0.24.2 >/dev/null
npx esbuild package/output/index.mjs --bundle --format=esm --minify --legal-comments=inline \
    --banner:js="/* @discord/embedded-app-sdk ${version} (MIT, see embedded-app-sdk-LICENSE.md), bundled with the packages it ships in output/lib */" \
    --outfile="$here/assets/discord/embedded-app-sdk.mjs"
cp package/LICENSE.md "$here/assets/discord/embedded-app-sdk-LICENSE.md"
echo "$version" > "$here/assets/discord/embedded-app-sdk.version"
ls -l "$here/assets/discord"

#!/usr/bin/env bash
# Plugins include the SDK's headers only (docs/architecture.md): no source of a plugin, an
# example or a scaffold template includes a runtime header (cpex/runtime/, cpex/store/, cpex/study/,
# cpex/report/), which the installed package does not even ship.
# usage: plugin_includes.sh SOURCE_DIR
set -euo pipefail
cd "$1"
if grep -rnE '#include *[<"]cpex/(runtime|store|report|study)/' plugins environments oracles examples \
     framework/host/templates 2> /dev/null; then
  echo "a plugin source includes a runtime header (above)"; exit 1
fi
echo "dependency rule: plugin includes OK"

# Set-up shared by the Python script tests (pip_install_test.sh), sourced
# with their arguments SOURCE BUILD_DIR PYTHON: $source and $build as absolute paths,
# $python, and $scratch, a scratch directory removed at exit.
set -euo pipefail
source=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
python=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

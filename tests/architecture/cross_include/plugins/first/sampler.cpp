// A plugin source that includes another plugin folder's header: plugin_includes.sh must refuse it.
#include "shared_piece.hpp"

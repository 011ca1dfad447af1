/* json_state (fuzz): see json_state.lua and harness.h. */
#include "harness.h"

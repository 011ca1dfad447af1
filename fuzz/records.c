/* records (fuzz): see records.lua and harness.h. */
#include "harness.h"

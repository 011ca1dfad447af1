/* validate_plan (fuzz): see validate_plan.lua and harness.h. */
#include "harness.h"

// libgpiod v1 (1.6.x).
#pragma once
#include <gpiod.h>

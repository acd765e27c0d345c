// FreeType 2 glyph rasterisation.
#pragma once
#include <ft2build.h>
#include FT_FREETYPE_H

// FreeType 2 glyph rasterisation.
#pragma once
#include <ft2build.h>
#include FT_FREETYPE_H

/// FT_LOAD_RENDER as a typed constant (the macro is an expression Swift may not import).
static const FT_Int32 gs_ft_load_render = FT_LOAD_RENDER;
/// FT_LOAD_TARGET_NORMAL | FT_LOAD_RENDER: anti-aliased 8-bit coverage bitmaps.
static const FT_Int32 gs_ft_load_render_normal = FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL;

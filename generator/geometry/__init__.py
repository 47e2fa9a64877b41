"""Millimetres without a drawing library: card and paper sizes, how cards are imposed on sheets
and a large component tiled over several, a card's cut line, a cutter's registration marks.
Pure data, so the model, the loader and every output can share it."""

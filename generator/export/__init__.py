"""Files for print shops and virtual tables (``pnp export TARGET``).

A target is data (``targets/<id>.yaml``): the products it sells (trim, pixels), its resolution,
colour, bleed, file naming and how it takes backs. Each deck is matched to the product nearest
its size and laid out *at the product's size* from the data (the art scaled evenly, never
stretched); a deck no product comes near is not exported, and the export says which product
was nearest. Each target's files are made by one exporter (:mod:`generator.export.images`
for shops that take images, ...), an :class:`~generator.outputs.base.Output` like every other
output, written from an :class:`~generator.export.job.ExportJob`.
"""

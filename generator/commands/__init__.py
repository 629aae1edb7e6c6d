"""One module per command; `generator.cli` gathers them into the `parlour` group."""

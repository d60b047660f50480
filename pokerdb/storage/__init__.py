"""Storage: the schema, engines and migrations, the bulk write paths per backend, reading."""

"""Adventure files: loading, the format model, schema, validation, expressions, graphs."""

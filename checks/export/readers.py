"""The readers the export check compares with (pyarrow, polars, DuckDB): each gives {path: (values, reader type
text, time unit or None)} for the Arrow leaves of what it read, time values as exact integer counts."""
import duckdb
import polars as pl
import pyarrow as pa


def arrow_leaves(table):
    out = {}

    def walk(arr, typ, path):
        if pa.types.is_struct(typ):
            for f, child in zip(typ, arr.flatten()):  # flatten applies the struct's own nulls to its children
                walk(child, f.type, path + (f.name,))
        elif pa.types.is_timestamp(typ) or pa.types.is_duration(typ):
            out[path] = (arr.cast(pa.int64()).to_pylist(), str(typ), typ.unit)  # as_py would go through datetime
        else:
            out[path] = (arr.to_pylist(), str(typ), None)

    for name, col in zip(table.column_names, table.columns):
        walk(col.combine_chunks(), col.type, (name,))
    return out


def polars_leaves(df):
    out = {}

    def walk(s, path):
        if isinstance(s.dtype, pl.Struct):
            for f in s.dtype.fields:
                walk(s.struct.field(f.name), path + (f.name,))
        elif isinstance(s.dtype, (pl.Datetime, pl.Duration)):
            out[path] = (s.cast(pl.Int64).to_list(), str(s.dtype), s.dtype.time_unit)
        else:
            out[path] = (s.to_list(), str(s.dtype), None)

    for name in df.columns:
        walk(df.get_column(name), (name,))
    return out


DUCK_EPOCH = {'timestamp': ('epoch_us', 'us'), 'timestamp with time zone': ('epoch_us', 'us'),
              'timestamp_ns': ('epoch_ns', 'ns'), 'timestamp_ms': ('epoch_ms', 'ms'), 'timestamp_s': ('epoch', 's')}


def duckdb_leaves(path):
    con = duckdb.connect()
    try:
        src = "read_parquet('" + path.replace("'", "''") + "')"
        rel = con.sql(f'SELECT * FROM {src}')
        exprs, meta = [], []

        def walk(expr, typ, p):
            if typ.id == 'struct':
                for name, child in typ.children:
                    walk(f"struct_extract({expr}, '{name.replace(chr(39), chr(39) * 2)}')", child, p + (name,))
            elif typ.id in DUCK_EPOCH:  # python datetimes would drop nanoseconds; the epoch count is exact
                fn, unit = DUCK_EPOCH[typ.id]
                exprs.append(f'{fn}({expr})')
                meta.append((p, str(typ), unit))
            else:
                exprs.append(expr)
                meta.append((p, str(typ), None))

        for name, typ in zip(rel.columns, rel.types):
            walk('"' + name.replace('"', '""') + '"', typ, (name,))
        rows = con.execute(f'SELECT {", ".join(exprs)} FROM {src}').fetchall()
        return {p: ([r[i] for r in rows], ty, unit) for i, (p, ty, unit) in enumerate(meta)}
    finally:
        con.close()

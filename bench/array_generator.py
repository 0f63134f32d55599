"""The command line of the benchmark array generators (make_int32_array.py, make_where_array.py):
SHARED_DIR OUT_DIR [--records N], with the peers' mkzarr (in SHARED_DIR/peers) writing the arrays."""
import argparse, os, sys


def start():
    """Parses the command line; returns it and mkzarr's write_array, imported from SHARED_DIR/peers."""
    ap = argparse.ArgumentParser()
    ap.add_argument('shared')
    ap.add_argument('out')
    ap.add_argument('--records', type=int, default=1 << 25)
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(args.shared, 'peers'))
    from mkzarr import write_array
    return args, write_array

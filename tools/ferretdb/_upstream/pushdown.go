// Tunafy's addition to FerretDB v1.24.2's SQLite backend package. It is not
// part of this module: tools/ferretdb/build.sh compiles it into FerretDB's
// package, next to collection.go patched by collection.go.patch to call it
// (see README.md in this folder).

package sqlite

import "github.com/FerretDB/FerretDB/internal/types"

// idEquality returns the filter's top-level _id value when it is an ObjectId
// or a string, whatever other conditions the filter has.
//
// Upstream pushes `_id = ?` down only for a filter that is exactly
// {_id: <value>}; a write guarded by another field ({_id, album_id}) or a
// lookup with extra conditions ({_id, $or: [...]}, as connect-mongo reads
// sessions) then read the whole table. Every caller of Query filters the rows
// it gets again with the full filter (as for the dotted keys msg_find drops
// before pushing down), so fetching only the rows with that _id is exact.
func idEquality(filter *types.Document) (any, bool) {
	var ids int
	for _, k := range filter.Keys() {
		if k == "_id" {
			ids++
		}
	}

	// Get panics on a duplicated key; such a filter is left to the handler.
	if ids != 1 {
		return nil, false
	}

	v, _ := filter.Get("_id")
	switch v.(type) {
	case string, types.ObjectID:
		return v, true
	default:
		return nil, false
	}
}

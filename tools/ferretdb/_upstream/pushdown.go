// Tunafy's addition to FerretDB v1.24.2's SQLite backend package. It is not
// part of this module: tools/ferretdb/build.sh compiles it into FerretDB's
// package, next to collection.go patched by collection.go.patch to call it
// (see README.md in this folder).

package sqlite

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// wherePushdown answers the WHERE clause (with its arguments) that narrows the
// rows Query reads for filter, or "" when it cannot.
//
// Upstream pushes `_id = ?` down only for a filter that is exactly
// {_id: <ObjectId or string>}; every other query reads, decodes and filters the
// whole table in Go. Every caller of Query filters the rows it gets again with
// the full filter (FerretDB's msg_find already relies on that when it drops
// dotted keys before pushing down), so a WHERE clause only has to keep every
// row that can match, and may keep more. This one:
//
//   - pushes the _id equality down whatever else the filter holds ({_id,
//     album_id} for a guarded write, connect-mongo's {_id, $or: [...]});
//   - otherwise pushes down the first top-level equality with an ObjectId
//     ({song_id: id}, GridFS's {files_id: {$eq: id}}), written exactly as FerretDB
//     writes the indexes of createIndex (`_ferretdb_sjson->"song_id"`), so
//     SQLite searches the collection's index on that field when it has one.
//     {field: v} also matches an array that holds v: every array is kept too
//     (its JSON text sorts from '[' up to '\', a range on the same index).
//     Strings are left out: FerretDB's JSON encoding of a string need not be
//     the text SQLite's -> answers for it, while an ObjectId is 24 hex digits
//     in both.
func wherePushdown(filter *types.Document) (string, []any) {
	if v, ok := idEquality(filter); ok {
		return fmt.Sprintf(` WHERE %s = ?`, metadata.IDColumn), []any{sjsonValue(v)}
	}

	if field, v, ok := objectIDEquality(filter); ok {
		column := fmt.Sprintf(`%s->"%s"`, metadata.DefaultColumn, field)
		return fmt.Sprintf(` WHERE (%[1]s = ? OR (%[1]s >= '[' AND %[1]s < '\'))`, column), []any{sjsonValue(v)}
	}

	return "", nil
}

func sjsonValue(v any) string {
	return string(must.NotFail(sjson.MarshalSingleValue(v)))
}

// idEquality returns the filter's top-level _id value ({_id: v} or {_id: {$eq: v}})
// when it is an ObjectId or a string, whatever other conditions the filter has.
func idEquality(filter *types.Document) (any, bool) {
	if !single(filter, "_id") {
		return nil, false
	}

	v := equalityValue(must.NotFail(filter.Get("_id")))
	switch v.(type) {
	case string, types.ObjectID:
		return v, true
	default:
		return nil, false
	}
}

// pushableField is a field name that needs no quoting in SQL and cannot be
// taken for a column of FerretDB's tables.
var pushableField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// objectIDEquality returns the first top-level field compared for equality
// ({field: v} or {field: {$eq: v}}) with an ObjectId.
func objectIDEquality(filter *types.Document) (string, any, bool) {
	for _, k := range filter.Keys() {
		if !pushableField.MatchString(k) || strings.HasPrefix(k, "_ferretdb_") || !single(filter, k) {
			continue
		}

		v := equalityValue(must.NotFail(filter.Get(k)))
		if _, ok := v.(types.ObjectID); ok {
			return k, v, true
		}
	}

	return "", nil, false
}

// equalityValue unwraps {$eq: v} (the form the Node driver's GridFS sends) to v.
func equalityValue(v any) any {
	if d, ok := v.(*types.Document); ok && d.Len() == 1 && d.Has("$eq") {
		return must.NotFail(d.Get("$eq"))
	}

	return v
}

// single reports whether key appears in filter exactly once (Get panics on a
// duplicated key; such a filter is left to the handler).
func single(filter *types.Document, key string) bool {
	var n int

	for _, k := range filter.Keys() {
		if k == key {
			n++
		}
	}

	return n == 1
}

// Tunafy's addition to FerretDB v1.24.2's SQLite metadata package. It is not
// part of this module: tools/ferretdb/build.sh compiles it into FerretDB's
// package with `go build -overlay`, next to registry.go patched by
// registry.go.patch to call it (see README.md in this folder).

package metadata

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/logging"
)

// idExpressionIndexName is the name of the extra index on table.
//
// FerretDB names its own indexes table + "_" + index name, so the prefix
// keeps the two apart.
func idExpressionIndexName(table string) string {
	return "tunafy_" + table + "_id_expr"
}

// ensureIDExpressionIndex gives table an index on IDColumn, if it has none.
//
// The SQLite backend finds documents by _id with `IDColumn = ?` (a find,
// update or delete whose filter is exactly {_id: <ObjectId or string>}, and
// the UPDATE and DELETE statements of every write), but FerretDB's own
// unique `_id_` index is on `_ferretdb_sjson->"_id"`, an expression SQLite
// does not take for the same one; without this index each of those statements
// scans the whole table. FerretDB does not list this index in its metadata;
// DROP TABLE removes it with the collection.
//
// A failure is logged, not returned: without the index everything still
// works, only slower.
func (r *Registry) ensureIDExpressionIndex(ctx context.Context, db *fsql.DB, table string) {
	name := idExpressionIndexName(table)

	err := func() error {
		var present int
		q := `SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?`
		if err := db.QueryRowContext(ctx, q, name).Scan(&present); err != nil {
			return lazyerrors.Error(err)
		}

		if present > 0 {
			return nil
		}

		started := time.Now()

		q = fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, name, table, IDColumn)
		if _, err := db.ExecContext(ctx, q); err != nil {
			return lazyerrors.Error(err)
		}

		r.l.InfoContext(
			ctx, "Created the _id expression index",
			slog.String("table", table), slog.String("index", name), slog.Duration("took", time.Since(started)),
		)

		return nil
	}()
	if err != nil {
		r.l.WarnContext(ctx, "Could not create the _id expression index", slog.String("table", table), logging.Error(err))
	}
}

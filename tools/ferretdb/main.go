// Command tunafy-ferretdb runs FerretDB v1 (MongoDB wire protocol over SQLite,
// or over a PostgreSQL server) as a local development/test database.
//
// We embed FerretDB instead of `go install`-ing its command because the
// upstream command panics without a generated version.txt that is not
// shipped in the module.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "loopback host:port to listen on")
	handler := flag.String("handler", "sqlite", "storage backend: sqlite or postgresql")
	data := flag.String("data", ".data/db", "directory holding the SQLite files (sqlite handler)")
	postgresqlURL := flag.String("postgresql-url", "", "postgres://user@127.0.0.1:port/db (postgresql handler)")
	// warn still dumps every failed command (duplicate keys, missing
	// collections); launchers that only want real trouble pass "error".
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintln(os.Stderr, "tunafy-ferretdb: -log-level:", err)
		os.Exit(2)
	}

	backend, err := backendConfig(*handler, *data, *postgresqlURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tunafy-ferretdb:", err)
		os.Exit(2)
	}

	if err := run(*listen, backend, level); err != nil {
		fmt.Fprintln(os.Stderr, "tunafy-ferretdb:", err)
		os.Exit(1)
	}
}

// backend is the storage part of ferretdb.Config.
type backend struct {
	handler       string
	sqliteData    string
	postgresqlURL string
}

func backendConfig(handler, data, postgresqlURL string) (backend, error) {
	switch handler {
	case "sqlite":
		if postgresqlURL != "" {
			return backend{}, errors.New("-postgresql-url is only for -handler postgresql")
		}
		return backend{handler: handler, sqliteData: data}, nil
	case "postgresql":
		if postgresqlURL == "" {
			return backend{}, errors.New("-handler postgresql needs -postgresql-url")
		}
		return backend{handler: handler, postgresqlURL: postgresqlURL}, nil
	default:
		return backend{}, fmt.Errorf("-handler %q: want sqlite or postgresql", handler)
	}
}

func run(listen string, b backend, level slog.Level) error {
	// FerretDB has no authentication here, so it must never be reachable
	// from another machine.
	if err := checkLoopback(listen); err != nil {
		return err
	}

	config := &ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: listen},
		Handler:       b.handler,
		PostgreSQLURL: b.postgresqlURL,
	}
	if b.handler == "sqlite" {
		u, err := sqliteURL(b.sqliteData)
		if err != nil {
			return err
		}
		config.SQLiteURL = u
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// Info-level logs print a line per connection, which drowns test output.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	config.Logger = logger

	f, err := ferretdb.New(config)
	if err != nil {
		return err
	}

	// New has already bound the socket (Run only starts accepting), so the
	// address is final and connecting clients wait in the backlog.
	u, err := url.Parse(f.MongoDBURI())
	if err != nil {
		return err
	}
	fmt.Printf("ferretdb listening on %s\n", u.Host)

	return f.Run(ctx)
}

func checkLoopback(listen string) error {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return fmt.Errorf("-listen %q: %w", listen, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-listen %q: refusing a non-loopback address (use 127.0.0.1 or [::1]); this server has no authentication", listen)
	}
	return nil
}

// sqliteURL creates dir if needed and returns the form FerretDB requires:
// an existing directory as a file: URL ending in a slash.
func sqliteURL(dir string) (string, error) {
	if dir == "" {
		return "", errors.New("-data must not be empty")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		return "", fmt.Errorf("creating -data directory: %w", err)
	}
	u := url.URL{Scheme: "file", Path: abs + "/", OmitHost: true}
	return u.String(), nil
}

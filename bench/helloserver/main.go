// Command helloserver is the small Go HTTP server the load-generator
// comparison (bench/load_compare.sh) runs every tool against: it answers
// every request with a short body, optionally after a fixed delay, and
// counts what it served so the script can check each tool's count.
//
//	helloserver -addr 127.0.0.1:8089 [-delay 20ms]
//
// GET /__count returns "REQUESTS FIRST_NS LAST_NS" (served so far, and the
// monotonic times of the first and last one) and resets the counters.
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"sync"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8089", "listen address (keep it on loopback)")
	delay := flag.Duration("delay", 0, "answer after this long")
	flag.Parse()

	start := time.Now()
	var mu sync.Mutex
	var n, first, last int64
	body := []byte("hello, waitlab\n")
	mux := http.NewServeMux()
	mux.HandleFunc("/__count", func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		fmt.Fprintf(w, "%d %d %d\n", n, first, last)
		n, first, last = 0, 0, 0
		mu.Unlock()
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		if *delay > 0 {
			time.Sleep(*delay)
		}
		now := int64(time.Since(start))
		mu.Lock()
		if n == 0 {
			first = now
		}
		n++
		last = now
		mu.Unlock()
		w.Header().Set("Content-Type", "text/plain")
		w.Write(body)
	})
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(os.Stderr, "helloserver on %s pid %d\n", *addr, os.Getpid())
	log.Fatal(srv.ListenAndServe())
}

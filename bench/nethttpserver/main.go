// Command nethttpserver is the net/http baseline of the target-server
// benchmark: the idiomatic Go server answering every request with the same
// bytes as `waitlab target` (Server, Date, Content-Type, Content-Length,
// "Hello, World!").
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
)

func main() {
	addr := flag.String("listen", "127.0.0.1:8081", "address to listen on")
	flag.Parse()
	body := []byte("Hello, World!")
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd["Server"] = []string{"waitlab"}
		hd["Content-Type"] = []string{"text/plain; charset=utf-8"}
		w.Write(body)
	})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "nethttpserver:", err)
		os.Exit(1)
	}
	fmt.Printf("nethttpserver listening on %s\n", ln.Addr())
	if err := http.Serve(ln, h); err != nil {
		fmt.Fprintln(os.Stderr, "nethttpserver:", err)
		os.Exit(1)
	}
}

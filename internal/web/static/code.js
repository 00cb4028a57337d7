// Code for each server model, written for the waitlab lab. Identifiers and
// comments are code; the sentences around them come from the catalog.
"use strict";
window.WAITLAB_CODE = {
  go: {
    pool: `// pool: N threads, each request holds one through its wait.
sem := make(chan struct{}, 4) // 4 "threads"
http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
	sem <- struct{}{}        // queue for a free thread
	defer func() { <-sem }()
	runtime.LockOSThread()   // a real OS thread, as in Tomcat
	defer runtime.UnlockOSThread()
	row := db.QueryRow("SELECT ...") // the wait holds the thread
	fmt.Fprintln(w, row)
})`,
    loop: `// loop: one goroutine owns the loop; waits are registered, never made.
for {
	n, _ := unix.EpollWait(epfd, events, -1)
	for _, ev := range events[:n] {
		c := conns[ev.Fd]
		c.onReady()  // run the continuation: CPU only
		// c.onReady must not block: a blocking call here
		// stalls every connection bound to this loop.
	}
}`,
    offload: `// offload: the loop hands blocking calls to K workers.
jobs := make(chan func(), 1024)
for i := 0; i < 4; i++ { // K = 4
	go func() {
		runtime.LockOSThread()
		for job := range jobs { job() }
	}()
}
// on the loop:
jobs <- func() {
	row := db.QueryRow("SELECT ...") // blocks a worker, not the loop
	loop.post(func() { c.reply(row) }) // continue on the loop
}`,
    virtual: `// virtual: a goroutine per request, GOMAXPROCS carriers.
// net/http already starts one goroutine per connection.
http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
	resp, err := client.Get(downstream) // parks the goroutine,
	if err != nil {                     // frees its carrier
		http.Error(w, err.Error(), 502)
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
})
// go run with GOMAXPROCS=2: two carriers.`,
  },
  mvc: `// Spring MVC: thread per request (server.tomcat.threads.max=4).
@RestController
class OrderController {
    private final JdbcTemplate jdbc;

    OrderController(JdbcTemplate jdbc) { this.jdbc = jdbc; }

    @GetMapping("/orders/{id}")
    Order order(@PathVariable long id) {
        // Holds this Tomcat thread for the whole query.
        return jdbc.queryForObject("SELECT * FROM orders WHERE id = ?",
                ORDER_MAPPER, id);
    }
}`,
  webflux: {
    loop: `// Spring WebFlux: non-blocking all the way down.
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    // Registers the call and frees the event loop at once;
    // the response continues on the same loop.
    return webClient.get().uri("/orders/{id}", id)
            .retrieve()
            .bodyToMono(Order.class);
}`,
    blocking: `// Spring WebFlux with a blocking call on the loop (don't).
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    // JdbcTemplate blocks: this event loop, and every request
    // bound to it, stands still for the whole query.
    Order o = jdbc.queryForObject(SQL, ORDER_MAPPER, id);
    return Mono.just(o);
}`,
    offload: `// Spring WebFlux offloading a blocking call.
@GetMapping("/orders/{id}")
Mono<Order> order(@PathVariable long id) {
    return Mono.fromCallable(() -> jdbc.queryForObject(SQL, ORDER_MAPPER, id))
            // runs on a bounded pool (cores x 10 threads by default),
            // the loop stays free; the pool's size caps this call's throughput
            .subscribeOn(Schedulers.boundedElastic());
}`,
  },
  vt: `// Virtual threads (Java 21+): blocking code, non-blocking cost.
// Spring Boot 3.2+: spring.threads.virtual.enabled=true
@GetMapping("/orders/{id}")
Order order(@PathVariable long id) {
    // Unmounts from its carrier while the query waits...
    return jdbc.queryForObject(SQL, ORDER_MAPPER, id);
}

// ...unless the wait is inside synchronized (JDK 21-23): pinned.
synchronized Connection validated() {
    conn.ping(); // holds the carrier for the round trip
    return conn;
}

// Without Spring:
try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
    exec.submit(() -> handle(request));
}`,
};

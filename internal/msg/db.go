package msg

// The target's database (`waitlab target --db`) and experiment 10,
// `db-on-loop`: a real blocking database call on an event loop.
func init() {
	Register(map[string]Entry{
		"target.err.db.dsn": {
			KO: "--db의 DSN을 읽을 수 없습니다 (%v). 'root@tcp(127.0.0.1:3306)/'처럼 사용자@tcp(호스트:포트)/데이터베이스 꼴로 쓰세요",
			EN: "cannot read the --db DSN (%v): write user@tcp(host:port)/database, e.g. 'root@tcp(127.0.0.1:3306)/'"},
		"target.err.db.connect": {
			KO: "--db의 데이터베이스 %s에 연결하지 못했습니다 (%v). MariaDB가 떠 있는지, 주소와 사용자가 맞는지 확인하세요",
			EN: "cannot connect to the --db database %s (%v): check that MariaDB is running and the address and user are right"},
	})
}

package netguard

import "testing"

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true, "127.1.2.3": true, "::1": true, "[::1]": true, "localhost": true, "LocalHost": true,
		"127.0.0.1:8080": true, "[::1]:80": true, "localhost:6380": true,
		"10.0.0.1": false, "0.0.0.0": false, "::": false, "example.com": false, "localhost.example.com": false,
		"192.168.1.1:80": false, "": false, "[::2]:80": false,
	} {
		if got := LoopbackHost(host); got != want {
			t.Errorf("LoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}

fetch(

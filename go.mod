module beeline

go 1.26

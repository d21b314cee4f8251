A[] (sum (i : pid_t) P(i).cs) <= 1
E<> exists (i : pid_t) exists (j : pid_t) i != j && P(i).cs && P(j).cs
A[] not deadlock
E<> exists (i : pid_t) P(i).cs && P(i).x > 3

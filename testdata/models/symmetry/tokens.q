E<> exists (i : id_t) count[i] == 2
E<> forall (i : id_t) count[i] == 2
A[] forall (i : id_t) P(i).have imply owner == i
A[] (sum (i : id_t) P(i).have) <= 1
A[] not deadlock
E<> exists (i : id_t) P(i).want && c[i] > 3
E<> exists (i : id_t) P(i).have && Sched.y >= 3 && count[i] == 1
A[] forall (i : id_t) count[i] <= 1

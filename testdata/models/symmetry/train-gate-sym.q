E<> Gate.Occ
A[] forall (i : id_t) forall (j : id_t) Train(i).Cross && Train(j).Cross imply i == j
A[] not deadlock
E<> exists (i : id_t) Train(i).Cross and (forall (j : id_t) j != i imply Train(j).Stop)
E<> exists (i : id_t) exists (j : id_t) Train(i).Cross and Train(j).Stop
E<> exists (i : id_t) exists (j : id_t) i != j and Train(i).Cross and Train(j).Cross
A[] Gate.len < 4
E<> exists (i : id_t) Gate.list[1] == i and Train(i).Stop and Gate.len == 2
